import { AutoComplete } from 'antd';
import { useDeferredValue } from 'react';
import { useSuggestSpeciesQuery } from './api';

interface SpeciesInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}

/** Minimum typed before the checklist is asked: one letter matches too much to help. */
const MIN_QUERY = 2;

/**
 * Species by common or scientific name, suggested from the bundled checklist as the owner types;
 * a name that matches nothing is kept as typed.
 */
export function SpeciesInput({ id, value = '', onChange, placeholder = 'e.g. Red fox or Vulpes vulpes' }: SpeciesInputProps) {
  const query = useDeferredValue(value.trim());
  const { data = [] } = useSuggestSpeciesQuery(query, { skip: query.length < MIN_QUERY });
  // A common name two suggestions share ("Red fox": the mammal, a Celosia) is no answer: choosing
  // one of those puts its scientific name in the field, which names that species alone.
  const shared = new Set(data.map((species) => species.commonName).filter((name, index, names) => names.indexOf(name) !== index));
  const options = query.length < MIN_QUERY ? [] : data.map((species) => ({
    value: shared.has(species.commonName) ? species.scientificName : species.commonName,
    label: (
      <span className="species-option">
        {species.commonName} <i className="species-option__scientific">{species.scientificName}</i>
      </span>
    ),
  }));
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      placeholder={placeholder}
      maxLength={120}
      allowClear
      data-testid="species-input"
      aria-label="Species"
    />
  );
}
