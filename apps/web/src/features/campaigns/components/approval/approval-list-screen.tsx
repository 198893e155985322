// PLACEHOLDER: replaced by the screen's implementation.
export function ApprovalListScreen() {
  return null;
}
