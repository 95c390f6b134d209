import { Checkbox, Form, Radio } from 'antd';
import { LABEL_TEXTS, PLACE_PRIVACY_HELP } from './nature-texts';
import type { PhotoLabel } from './nature-texts';
import { SpeciesInput } from './species-input';

/** The nature fields of a form (upload, edit): what the photo shows, how it was made, who sees where. */
export interface NatureValues {
  species: string;
  labels: PhotoLabel[];
  placePrivacy: 'open' | 'private';
}

export const NATURE_DEFAULTS: NatureValues = { species: '', labels: [], placePrivacy: 'open' };

const PRIVACY_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'private', label: 'Private' },
];

/** The species, labels and place privacy fields, inside an antd Form whose values include NatureValues. */
export function NatureFormItems() {
  return (
    <>
      <Form.Item label="Species" name="species" extra="Common or scientific name. A name the list does not know is kept as you type it.">
        <SpeciesInput />
      </Form.Item>
      <Form.Item label="Labels" name="labels" extra="Say how the photo was made: it helps others judge it fairly. Captive, baited and AI-generated photos are left out of the wild-only gallery and cannot be featured.">
        <Checkbox.Group className="nature-labels" data-testid="label-choices">
          {LABEL_TEXTS.map((text) => (
            <Checkbox key={text.label} value={text.label} className="nature-labels__choice">
              <strong>{text.name}</strong> <span className="muted-text">{text.meaning}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item label="Place" name="placePrivacy" extra={PLACE_PRIVACY_HELP}>
        <Radio.Group optionType="button" options={PRIVACY_OPTIONS} data-testid="place-privacy" />
      </Form.Item>
    </>
  );
}
