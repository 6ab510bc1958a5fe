// libpng for Swift: the simplified API (png_image_*) reports errors through
// return values instead of longjmp, so Swift can call it safely.
#include <png.h>
