// The filters campaign lists share (the campaign list and the Delivery list): a search, the state,
// and choices of a related record (location, advertiser) that keep a chosen id even when it is not
// among the choices (a shared link to a record the user no longer lists).
import { Select } from '@mantine/core';
import { campaignStateNames } from '@marquee/contracts/campaigns';
import { withMissing, type Choice } from '../lib/choices.ts';
import { TextFilter } from './data-table/text-filter.tsx';

const stateOptions: Choice[] = Object.entries(campaignStateNames).map(([value, label]) => ({ value, label }));

const ids = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? [id] : [];
};

type Filter = { value: string | undefined; onChange: (value: string) => void };

/** Search by name or system id, and the campaign's state. */
export function CampaignSearchAndState({ search, state }: { search: Filter; state: Filter }) {
  return (
    <>
      <TextFilter
        label="Search"
        value={search.value ?? ''}
        onChange={search.onChange}
        placeholder="Name or system id"
      />
      <Select
        label="State"
        placeholder="Every state"
        data={stateOptions}
        value={state.value || null}
        onChange={(value) => state.onChange(value ?? '')}
        clearable
        clearButtonProps={{ 'aria-label': 'Show campaigns in every state' }}
        w={180}
      />
    </>
  );
}

/** One record to filter campaigns by: `noun` names it ("Location"), `every` the clear action's end
 * ("at every location"). */
export function CampaignChoiceFilter({
  noun,
  every,
  choices,
  filter,
  w = 220,
}: {
  noun: string;
  every: string;
  choices: Choice[] | undefined;
  filter: Filter;
  w?: number;
}) {
  return (
    <Select
      label={noun}
      placeholder={`Every ${noun.toLowerCase()}`}
      data={withMissing(choices, ids(filter.value), noun)}
      value={filter.value || null}
      onChange={(value) => filter.onChange(value ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Show campaigns ${every}` }}
      nothingFoundMessage={`No such ${noun.toLowerCase()}`}
      limit={100}
      w={w}
    />
  );
}
