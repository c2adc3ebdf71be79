// Start step 1 (main.tsx): i18next, React and the English catalogue.
export { startI18n } from '@/lib/i18n';
