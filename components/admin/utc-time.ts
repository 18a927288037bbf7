/** Times in the admin's tables and detail pages, in UTC (the pages say so beside them). */
export const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The same with seconds, where entries can be moments apart (the audit log, one email's details). */
export const utcDateTimeSeconds = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
