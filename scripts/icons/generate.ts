// `npm run icons`: writes the icon sprite and the integration logos that scripts/icons/build.ts describes.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { iconFiles } from "@/scripts/icons/build";

for (const [file, content] of Object.entries(iconFiles())) {
  const target = path.join(process.cwd(), file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`wrote ${file} (${content.length} bytes)`);
}
