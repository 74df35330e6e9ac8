# The cluster recipe run for real (tests/cluster/cluster.sh): two sshd "hosts" on loopback
# addresses, GNU parallel spreading shards over them, merged == one run. In the default run;
# skipped (77) when not root or sshd/parallel are missing. Included from tests/CMakeLists.txt.
find_program(PGNKIT_CLUSTER_BASH bash REQUIRED)
add_test(NAME cluster.parallel-ssh
         COMMAND ${PGNKIT_CLUSTER_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cluster/cluster.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(cluster.parallel-ssh PROPERTIES LABELS cluster TIMEOUT 600
                     SKIP_RETURN_CODE 77)
