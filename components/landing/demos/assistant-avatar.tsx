import { useId } from "react";

import { cx } from "@/components/landing/class-names";

/** The assistant's avatar: a local inline SVG, so the demos never fetch an image. */
export function AssistantAvatar({ className }: { className?: string }) {
  const id = useId();
  const gradient = `${id}-bg`;
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={cx("shrink-0", className ?? "size-8")}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill={`url(#${gradient})`} />
      <rect x="9" y="12" width="22" height="17" rx="7" fill="#fff" opacity="0.96" />
      <circle cx="16" cy="20" r="2.2" fill="#4338ca" />
      <circle cx="24" cy="20" r="2.2" fill="#4338ca" />
      <path d="M17 24.6c1.7 1.3 4.3 1.3 6 0" stroke="#4338ca" strokeWidth="1.6" strokeLinecap="round" fill="none" />
      <circle cx="20" cy="8.5" r="2" fill="#c7d2fe" />
      <path d="M20 10.5V12" stroke="#c7d2fe" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
