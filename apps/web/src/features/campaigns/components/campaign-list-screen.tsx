// PLACEHOLDER: replaced by the screen's implementation.
export function CampaignListScreen() {
  return null;
}
