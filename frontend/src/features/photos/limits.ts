// Field limits shared by the upload form and the description editor (spec, section 9).
export const TITLE_MAX = 160;
export const DESCRIPTION_MAX = 500;
