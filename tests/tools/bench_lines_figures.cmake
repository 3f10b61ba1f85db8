# Runs `croupierd --bench lines --quick` and checks that it exits 0 and prints every figure
# the bench promises (shared/BENCH.md: lines.*) and a signature. ctest: bench.lines_quick.
# SPDX-License-Identifier: GPL-3.0-or-later
execute_process(COMMAND ${CROUPIERD} --bench lines --quick
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "croupierd --bench lines --quick exited ${rc}")
endif()
set(figures
  lines.per_move.exordia8 lines.per_move.spider lines.per_move.encounters
  lines.lag_p50_s.a.table lines.lag_p95_s.a.table lines.lag_p50_s.a.private lines.lag_p95_s.a.private
  lines.floor_s.a lines.budget_used.a
  lines.lag_p50_s.b.table lines.lag_p95_s.b.table lines.lag_p50_s.b.private lines.lag_p95_s.b.private
  lines.floor_s.b lines.budget_used.b
  lines.lag_p50_s.c.innocent lines.lag_p95_s.c.innocent lines.floor_s.c lines.budget_used.c
  lines.floor_s.d.client)
foreach(mode client link)
  foreach(place table duel private reader)
    list(APPEND figures lines.lag_p50_s.d.${mode}.${place} lines.lag_p95_s.d.${mode}.${place})
  endforeach()
endforeach()
foreach(f ${figures})
  string(REPLACE "." "\\." re "${f}")
  if(NOT out MATCHES "\nfigure ${re} [0-9.e+-]+ [a-z]+\n")
    message(FATAL_ERROR "croupierd --bench lines --quick did not print the figure ${f}")
  endif()
endforeach()
if(NOT out MATCHES "\nsignature [0-9a-f]+")
  message(FATAL_ERROR "croupierd --bench lines --quick printed no signature")
endif()
