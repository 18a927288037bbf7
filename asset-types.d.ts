// Types for static asset imports (`import sprite from "@/sprite.svg"`). Next writes the same references into
// next-env.d.ts, but only on its first build or dev start, and `npm test` type-checks a fresh clone before that.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
