const REDACTED = "[redacted]";

// Shapes of provider keys that may appear in error text, even masked (OpenAI echoes `sk-proj-****abcd`).
const KEY_PATTERNS = [/\bsk-[A-Za-z0-9_*-]{3,}/g, /\bBearer\s+\S+/gi];

/** `text` with every secret (and anything shaped like an API key) replaced by "[redacted]". */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret) result = result.split(secret).join(REDACTED);
  }
  for (const pattern of KEY_PATTERNS) result = result.replace(pattern, REDACTED);
  return result;
}

/** At most `max` characters of `text`, ending with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}
