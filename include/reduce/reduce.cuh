// reduce: device-wide reductions built from compile-time policies. This header includes the whole public API:
//
//   device_reduce.cuh     reduce::device_reduce / device_transform_reduce (temporary storage or a workspace)
//   to_host.cuh           reduce::reduce / transform_reduce: the value back on the host
//   workspace.cuh         reduce::workspace: storage kept between calls
//   ops.cuh, types.cuh    the ops (sum, product, min, max, bitwise, make_op) and the narrow input types
//   status.cuh            reduce::status and reduce::error
//   version.cuh           REDUCE_VERSION_MAJOR, _MINOR, _PATCH, _STRING
//   policy/*.cuh          the policies a config is made of (the policies/ include root)
//   transform_reduce.cuh, argminmax.cuh, compensated.cuh, binned.cuh: the extensions (docs/extensions.md)
//   cub.cuh               reduce::DeviceReduce: CUB's calls, for a CUB program ported by a rename (docs/porting.md)
//
//   float total = reduce::reduce(d_in, n);                                      // tuned default, sum
//   using cfg = reduce::policy::config<reduce::policy::vector<2>, reduce::policy::shuffle,
//                                      reduce::policy::single_pass<>, 256>;
//   std::size_t bytes = 0;
//   reduce::device_reduce<cfg>({nullptr, bytes}, d_in, d_out, n);                 // query
//   reduce::device_reduce<cfg>({d_temp, bytes}, d_in, d_out, n, reduce::max{}, stream);  // run, asynchronous
#pragma once
#include "argminmax.cuh"
#include "binned.cuh"
#include "compensated.cuh"
#include "cub.cuh"
#include "device_reduce.cuh"
#include "ops.cuh"
#include "status.cuh"
#include "to_host.cuh"
#include "transform_reduce.cuh"
#include "types.cuh"
#include "version.cuh"
#include "workspace.cuh"
