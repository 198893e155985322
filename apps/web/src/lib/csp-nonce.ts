// The style nonce of this page (the server writes it into Vite's csp-nonce meta tag). Style elements
// made at run time must carry it, as the Content-Security-Policy allows no other inline styles.

/** Reads the nonce and hands it to react-remove-scroll (Mantine's modals), which looks for it in the
 * global `__webpack_nonce__`; Mantine takes it through MantineProvider's `getStyleNonce`. */
export function adoptStyleNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Chromium hides a nonce attribute from getAttribute once parsed; the property keeps it.
  const nonce = meta?.nonce || undefined;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  return nonce;
}
