# What a game's folder builds, and the unit tests' common setup (docs/ARCHITECTURE.md,
# "Adding a game"). Included by the top-level CMakeLists.txt.
# SPDX-License-Identifier: GPL-3.0-or-later

# croupier_game_list(FILE OUT): the names of the `GAME(name)` lines of a list of games
# (games/list.hpp, tests/support/list.hpp), in their order: the C++ and the build read the
# same list.
function(croupier_game_list file out)
  # The lines that start with GAME(...), not the comments; each ends in a backslash, which
  # would join them as a list: the names are taken from the text of them all.
  file(STRINGS ${file} lines REGEX "^[ \t]*GAME\\([a-z0-9_]+\\)")
  string(REGEX MATCHALL "GAME\\([a-z0-9_]+\\)" found "${lines}")
  set(names)
  foreach(g ${found})
    string(REGEX REPLACE "GAME\\(([a-z0-9_]+)\\)" "\\1" name "${g}")
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
  set_property(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
endfunction()

# croupier_unit_test(AREA SOURCES... LINKS libs...): the unit-test executable unit_AREA, its
# tests named AREA.<Suite>.<Test>, linked with LINKS and GoogleTest only.
function(croupier_unit_test area)
  cmake_parse_arguments(U "" "" "SOURCES;LINKS" ${ARGN})
  add_executable(unit_${area} ${U_SOURCES})
  # Not a unity build: the tests of an area keep their helpers and fixtures in anonymous
  # namespaces, one file each.
  set_target_properties(unit_${area} PROPERTIES UNITY_BUILD OFF)
  target_compile_options(unit_${area} PRIVATE ${CROUPIER_UNIT_TEST_OPTIONS})
  target_link_libraries(unit_${area} PRIVATE ${U_LINKS} GTest::gtest GTest::gmock GTest::gtest_main)
  target_compile_definitions(unit_${area} PRIVATE
    CROUPIER_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    CROUPIER_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared")
  gtest_discover_tests(unit_${area} TEST_PREFIX "${area}." DISCOVERY_TIMEOUT 60)
endfunction()

# croupier_game(NAME [TEST] [KIND_LINKS libs...] [BENCH_LINKS libs...]): everything a game's
# folder (games/NAME/, or tests/games/NAME/ for a game that lives only in tests, TEST) holds,
# each part found by its place in the folder:
#   *.cpp, *.hpp    the engine, the library croupier_NAME: pure, it links games/core only
#                   and includes nothing of the daemon, storage, config, IRC or SQLite
#                   (checked here, at configure time);
#   kind/           its adapter to the table layer (the GameKind, `NAME_section()` and
#                   `make_NAME_kind()`), the library croupier_NAME_kind: the engine and
#                   croupier_base, and KIND_LINKS;
#   bench/          its bench (`bench_NAME()`), croupier_NAME_bench (objects the daemon, or
#                   for a test game replay_kinds, takes in: BenchReport is theirs), and
#                   bench/signature.txt, its `signature.NAME` line checked by bench.quick
#                   (bench.kinds_quick for a test game);
#   data/           card data, built into the daemon under "NAME/<file>" (bot/data.hpp);
#   tests/          unit tests: tests/*.cpp is unit_NAME (tests NAME.*), linked with the
#                   adapter and what it needs only; tests/AREA/*.cpp is unit_AREA (tests
#                   AREA.*), linked with the engine only;
#   replays/        transcripts, each the test replay.<file> (replay.kinds.<file> for a test
#                   game) and, for the daemon's games, read by style.messages;
#   rules.md        its rules page, installed as doc/games/NAME.md.
# The global properties CROUPIER_GAME_DATA, CROUPIER_BENCH_SIGNATURES and CROUPIER_REPLAYS
# (CROUPIER_TEST_BENCH_SIGNATURES for test games) collect what the daemon's build and the
# whole-suite tests read.
function(croupier_game name)
  cmake_parse_arguments(G "TEST" "" "KIND_LINKS;BENCH_LINKS" ${ARGN})
  set(dir ${CMAKE_CURRENT_SOURCE_DIR})

  # The engine.
  file(GLOB engine_sources CONFIGURE_DEPENDS ${dir}/*.cpp)
  file(GLOB engine_headers CONFIGURE_DEPENDS ${dir}/*.hpp)
  foreach(f ${engine_sources} ${engine_headers})
    file(STRINGS ${f} impure REGEX
      "#include [<\"](bot/|storage/|config/|libircclient|SQLiteCpp|sqlite3|boost/asio)")
    if(impure)
      message(FATAL_ERROR "${f}: a game's engine is pure (docs/ARCHITECTURE.md): ${impure}")
    endif()
  endforeach()
  add_library(croupier_${name} STATIC ${engine_sources} ${engine_headers})
  target_link_libraries(croupier_${name} PUBLIC croupier_games_core)
  set_target_properties(croupier_${name} PROPERTIES LINKER_LANGUAGE CXX)

  # Its adapter to the table layer.
  file(GLOB kind_sources CONFIGURE_DEPENDS ${dir}/kind/*.cpp)
  add_library(croupier_${name}_kind STATIC ${kind_sources})
  target_link_libraries(croupier_${name}_kind PUBLIC croupier_${name} croupier_base ${G_KIND_LINKS})

  # Its bench and stored signature.
  file(GLOB bench_sources CONFIGURE_DEPENDS ${dir}/bench/*.cpp)
  if(bench_sources)
    add_library(croupier_${name}_bench OBJECT ${bench_sources})
    target_link_libraries(croupier_${name}_bench PUBLIC croupier_${name}_kind ${G_BENCH_LINKS})
  endif()
  if(EXISTS ${dir}/bench/signature.txt)
    if(G_TEST)
      set_property(GLOBAL APPEND PROPERTY CROUPIER_TEST_BENCH_SIGNATURES ${dir}/bench/signature.txt)
    else()
      set_property(GLOBAL APPEND PROPERTY CROUPIER_BENCH_SIGNATURES ${dir}/bench/signature.txt)
    endif()
  endif()

  # Its data, built into the daemon.
  if(IS_DIRECTORY ${dir}/data)
    if(G_TEST)
      message(FATAL_ERROR "${dir}/data: a test game's data is not built into the daemon")
    endif()
    set_property(GLOBAL APPEND PROPERTY CROUPIER_GAME_DATA "${name}=${dir}/data")
    install(DIRECTORY ${dir}/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/croupier/${name})
  endif()
  if(EXISTS ${dir}/rules.md AND NOT G_TEST)
    install(FILES ${dir}/rules.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/games RENAME ${name}.md)
  endif()

  if(NOT CROUPIER_TESTS)
    return()
  endif()

  # Its unit tests.
  file(GLOB test_sources CONFIGURE_DEPENDS ${dir}/tests/*.cpp)
  if(test_sources)
    croupier_unit_test(${name} SOURCES ${test_sources} LINKS croupier_${name}_kind)
  endif()
  file(GLOB test_areas LIST_DIRECTORIES true CONFIGURE_DEPENDS ${dir}/tests/*)
  foreach(area_dir ${test_areas})
    if(IS_DIRECTORY ${area_dir})
      get_filename_component(area ${area_dir} NAME)
      file(GLOB area_sources CONFIGURE_DEPENDS ${area_dir}/*.cpp)
      croupier_unit_test(${area} SOURCES ${area_sources} LINKS croupier_${name})
    endif()
  endforeach()

  # Its replays.
  file(GLOB replays CONFIGURE_DEPENDS ${dir}/replays/*.replay)
  foreach(replay ${replays})
    get_filename_component(stem ${replay} NAME_WE)
    if(G_TEST)
      add_test(NAME replay.kinds.${stem} COMMAND replay_kinds ${replay})
      set_tests_properties(replay.kinds.${stem} PROPERTIES LABELS replay TIMEOUT 120)
    else()
      add_test(NAME replay.${stem} COMMAND croupierd --replay ${replay})
      set_tests_properties(replay.${stem} PROPERTIES LABELS replay TIMEOUT 120)
      set_property(GLOBAL APPEND PROPERTY CROUPIER_REPLAYS ${replay})
    endif()
  endforeach()
endfunction()
