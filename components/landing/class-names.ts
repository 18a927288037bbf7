/**
 * Joins class names, skipping falsy ones. Client islands use this instead of `cn` so that tailwind-merge
 * stays out of the browser bundle; their class lists never need conflict resolution.
 */
export { clsx as cx } from "clsx";
