import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (sign-out, or a 401 on a request that carried a token). An action of its
 * own, beside the API slice, so the base query can announce it without importing the user
 * slice, which itself listens to the login endpoints.
 */
export const loggedOut = createAction('user/loggedOut');

/**
 * What the shop knows of the signed-in user (name, roles) may be out of date: the app just
 * started from local storage, or the server refused a request with 403 (an admin may have
 * changed this account meanwhile). The store then reads GET /users/profile again.
 */
export const sessionMayBeStale = createAction('user/sessionMayBeStale');
