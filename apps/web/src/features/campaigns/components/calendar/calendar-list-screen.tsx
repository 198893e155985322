// PLACEHOLDER: replaced by the screen's implementation.
export function CalendarListScreen() {
  return null;
}
