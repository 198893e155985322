// PLACEHOLDER: replaced by the screen's implementation.
export function CalendarDetails() {
  return null;
}
