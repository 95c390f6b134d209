// Editing tips arrive as text; they are shown as numbered steps (UI.md). Numbering, bullets and
// blank lines in the text are dropped so the list numbers them once.
export function tipSteps(suggestions: string | null | undefined): string[] {
  if (!suggestions) return [];
  const lines = suggestions
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, '').trim())
    .filter(Boolean);
  return lines;
}
