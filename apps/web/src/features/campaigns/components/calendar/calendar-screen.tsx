// PLACEHOLDER: replaced by the screen's implementation.
export function CalendarScreen() {
  return null;
}
