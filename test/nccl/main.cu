// The multi-GPU tests' main: NVLink multicast off before any NCCL call, then either a child rank (one process per
// GPU, started by test_process.cu) or the GoogleTest run.
#include <cstring>

#include "process.cuh"

int main(int argc, char** argv) {
  ntest::no_multicast_environment();
  if (argc > 1 && std::strcmp(argv[1], "--nccl-child") == 0) return ntest::run_child(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
