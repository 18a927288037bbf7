// The live demo form's element ids, in a module of their own: the section's frame, in the landing page's first load,
// needs them without the form's code.
export const TRY_OTTO_INPUT_ID = "try-otto-message";
export const TRY_OTTO_CONSENT_ID = "try-otto-consent";
