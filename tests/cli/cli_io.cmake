# I/O robustness of `pgnkit validate` (compressed and damaged inputs, stdin, rejects/accepted,
# --jobs determinism, closed stdout, NDJSON, exit codes, colour, adversarial inputs).
# Included from tests/cli.cmake. PGNKIT_PENDING=1 in the environment also runs the checks of
# known, reported bugs.
add_test(NAME cli.validate-io
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/validate_io.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.validate-io PROPERTIES LABELS cli TIMEOUT 300)

# No command may destroy an input: output paths checked against inputs and each other first,
# outputs created up front, convert --in-place (tests/cli/output_safety.sh).
add_test(NAME cli.output-safety
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/output_safety.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.output-safety PROPERTIES LABELS cli TIMEOUT 120)

# Inputs people have: bzip2/xz/lzma, zip/7z/tar (also on stdin), damaged archives, binary data,
# inputs without games (tests/cli/inputs.sh).
add_test(NAME cli.inputs
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/inputs.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.inputs PROPERTIES LABELS cli TIMEOUT 300)
