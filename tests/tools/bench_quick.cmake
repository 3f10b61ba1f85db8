# Runs `CROUPIERD --bench all --quick`: it must exit 0 (a scenario that cannot run fails the
# run) and each bench's signature, a hash of the outcomes of its fixed games, must be the one
# in the files SIGNATURES ("|" between them): tests/data/bench-signatures.txt for the daemon's
# own benches, games/<name>/bench/signature.txt for each game's. A change of cards, rules or a
# computer player changes outcomes on purpose: then the new lines printed below replace the
# old ones in those files, in the same commit, which says why. ctest: bench.quick (and
# bench.kinds_quick, the games that live only in tests, through replay_kinds).
# SPDX-License-Identifier: GPL-3.0-or-later
execute_process(COMMAND ${CROUPIERD} --bench all --quick
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CROUPIERD} --bench all --quick exited ${rc}")
endif()
string(REPLACE "|" ";" signature_files "${SIGNATURES}")
set(expected_lines)
foreach(f ${signature_files})
  file(STRINGS ${f} lines REGEX "^signature\\.")
  list(APPEND expected_lines ${lines})
endforeach()
string(REGEX MATCHALL "\nsignature\\.[a-z0-9_]+ [0-9a-f]+" printed "${out}")
set(wrong "")
set(names "")
foreach(p ${printed})
  string(STRIP "${p}" p)
  string(REGEX REPLACE " .*" "" name "${p}")
  list(APPEND names ${name})
  list(FIND expected_lines "${p}" at)
  if(at EQUAL -1)
    string(APPEND wrong "\n  ${p}")
  endif()
endforeach()
foreach(e ${expected_lines})
  string(REGEX REPLACE " .*" "" name "${e}")
  list(FIND names ${name} at)
  if(at EQUAL -1)
    string(APPEND wrong "\n  ${name}: in the file, not printed")
  endif()
endforeach()
if(NOT wrong STREQUAL "")
  message(FATAL_ERROR "The benches' outcomes are not those recorded in ${signature_files}; "
    "if the change is intended, put these lines there:${wrong}")
endif()
if(names STREQUAL "")
  message(FATAL_ERROR "no bench printed a signature")
endif()
