// The stand-in for CampaignPlaylist in the campaign form's tests: it shows its error and the clip it was
// given, and picks a clip. One stand-in for every test file: web test files share their worker's
// modules (isolate: false), so two different mocks of one module would meet and one file would get
// the other's.
import type { CampaignPlaylistProps } from './campaign-playlist.tsx';

export function CampaignPlaylist({ error, onChange, readOnly, value }: CampaignPlaylistProps) {
  return (
    <div>
      {error && <p>{error}</p>}
      <p>{`Playlist clip: ${value.clip?.name ?? 'none'}`}</p>
      <button type="button" disabled={readOnly} onClick={() => onChange({ videoclip: 5, clip: null, ordering: 3 })}>
        Pick clip
      </button>
    </div>
  );
}
