# SPDX-License-Identifier: MIT OR Apache-2.0
# Regenerates a checked-in file and fails on any byte of difference.
#   cmake -DGEN=<generator> [-DARG=<its argument>] -DREF=<checked-in file> -DOUT=<scratch file>
#         -P check_generated.cmake
foreach(var GEN REF OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_generated.cmake: ${var} is not set")
  endif()
endforeach()
execute_process(COMMAND ${GEN} ${ARG} OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GEN} failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${REF} RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "${REF} is stale: regenerate it with the command on its first line "
                      "(fresh output in ${OUT})")
endif()
message(STATUS "${REF} is up to date")
