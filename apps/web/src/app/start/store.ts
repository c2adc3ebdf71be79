// Start step 2 (main.tsx): Redux Toolkit, the API slices and the store.
export { makeStore } from '../store';
