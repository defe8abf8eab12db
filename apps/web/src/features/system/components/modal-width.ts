/** Spec 1 §9: form dialogs are 508 px wide. */
export const MODAL_WIDTH = 508;
