// PLACEHOLDER: replaced by the screen's implementation.
export function ApprovalScreen() {
  return null;
}
