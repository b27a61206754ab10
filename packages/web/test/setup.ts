/**
 * Set up once for every web test file (vitest.config.ts, the `web` project): jest-dom's
 * matchers, so a test says what it means (`toBeInTheDocument()`, `toBeVisible()`,
 * `toHaveTextContent()`) rather than `toBeTruthy()` on a query that throws first anyway.
 */
import '@testing-library/jest-dom/vitest';
