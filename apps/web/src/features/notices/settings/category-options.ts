import { NOTICE_CATEGORIES, NOTICE_CATEGORY_LABELS } from '@eduqa/contract';

/** The message categories as checkbox options, in the message centre's order. */
export const CATEGORY_OPTIONS = NOTICE_CATEGORIES.map((value) => ({
  value,
  label: NOTICE_CATEGORY_LABELS[value],
}));
