// Data a page's server-rendered HTML was drawn with (README, "First view": the gallery's first
// page), carried in the HTML as JSON the browser does not run (the CSP allows no inline script).
// The app puts it into its store before hydrating, so React draws the same cards and the page does
// not ask for them again.
import { createAction, type UnknownAction } from '@reduxjs/toolkit';

/** The id of the `<script type="application/json">` that holds the state. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The RTK Query state of the api slice, as the server's store held it after rendering. */
export interface ServerState {
  api: unknown;
}

/** Dispatched once, before hydration; api.ts takes the queries it carries (extractRehydrationInfo). */
export const receiveServerState = createAction<ServerState>('app/receiveServerState');

export function isServerStateAction(action: UnknownAction): action is ReturnType<typeof receiveServerState> {
  return receiveServerState.match(action);
}

/** The state as the element's text: `<` escaped, so no text in it can close the script element. */
export function serializeServerState(state: ServerState): string {
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/** The state the server wrote into this document, or null (none, or unreadable). */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'api' in parsed ? (parsed as ServerState) : null;
  } catch {
    return null;
  }
}
