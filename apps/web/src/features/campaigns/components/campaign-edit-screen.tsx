// PLACEHOLDER: replaced by the screen's implementation.
export function CampaignEditScreen() {
  return null;
}
