/**
 * Names for the chat demo's controls (`data-carry-focus`), the same in the built page's HTML and in the
 * scripted demo, so focus and a pressed question can be handed from one to the other. No imports: the
 * island that reads them loads with the page.
 */

const QUESTION = "question-";

/** The focus key of a mode's option in the toggle. */
export const modeFocusKey = (mode: string) => `mode-${mode}`;

/** The focus key of a quick question's button. */
export const questionFocusKey = (questionId: string) => `${QUESTION}${questionId}`;

/** The question a focus key names, if it names one. */
export const questionOfFocusKey = (key: string | undefined) =>
  key?.startsWith(QUESTION) ? key.slice(QUESTION.length) : undefined;
