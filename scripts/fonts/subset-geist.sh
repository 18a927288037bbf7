#!/usr/bin/env bash
# Rebuilds app/fonts/geist-latin.woff2: the Geist variable font (the `geist` package) cut to the Latin
# characters the site's copy uses, weights 100-900 kept. Needs Python's fonttools and brotli
# (pip install fonttools brotli); run it after upgrading `geist`. The font is under the SIL Open Font
# License (app/fonts/LICENSE-geist.txt, copied from the package).
set -euo pipefail
cd "$(dirname "$0")/../.."
pyftsubset node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2 \
  --unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2190-2193,U+2212,U+2215,U+FEFF,U+FFFD" \
  --layout-features='*' --flavor=woff2 --output-file=app/fonts/geist-latin.woff2
ls -l app/fonts/geist-latin.woff2
