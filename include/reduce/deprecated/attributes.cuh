// The deprecation messages of 0.2's forms (CHANGELOG.md has the migration).
#pragma once

#define REDUCE_DEPRECATED_STORAGE \
  [[deprecated("reduce: pass the temporary storage as one argument, {d_temp, temp_bytes} (CHANGELOG.md)")]]
#define REDUCE_DEPRECATED_STATUS \
  [[deprecated("reduce: the _status forms are the calls without _status, which return the status (CHANGELOG.md)")]]
