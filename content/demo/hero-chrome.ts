import { siteConfig } from "@/config/site";

/** The hero's placeholder, the fake text box's name and the controls' names (shared with the tests). */
export const HERO_COPY = {
  region: `${siteConfig.name} demo conversation`,
  log: "Demo conversation",
  placeholder: "Type a message...",
  input: "Message (demo only)",
  restart: "Restart demo",
  pause: "Pause demo",
  resume: "Resume demo",
  play: "Play demo",
} as const;
