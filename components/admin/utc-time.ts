/** Times in the admin's tables and detail pages, in UTC (the pages say so beside them). */
export const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A UTC day on its own ("25 November 2026"): the overview's days and the daily digest's. */
export const utcLongDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** A UTC day given as `YYYY-MM-DD`, read as that day (not the machine's). */
export const utcDayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The same with seconds, where entries can be moments apart (the audit log, one email's details). */
export const utcDateTimeSeconds = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
