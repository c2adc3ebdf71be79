// Start step 3 (main.tsx): React Router, the route table and the shell (layout, header, footer).
export { createRouter } from '../router';
