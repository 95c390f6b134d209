import { Button, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { WorldMap } from './world-map';

/** The place fields of a form (upload, edit): both or neither. */
export interface PlaceValues {
  lat: number | null;
  lon: number | null;
}

/** Whether the place fields hold one coordinate without the other. */
export function halfAPlace(values: Partial<PlaceValues>): boolean {
  return ((values.lat ?? null) === null) !== ((values.lon ?? null) === null);
}

/**
 * Latitude and longitude, typed or picked on the map (a click puts its point in both fields), inside
 * an antd Form whose values include PlaceValues.
 */
export function PlaceFormItems({ legend }: { legend: string }) {
  const form = Form.useFormInstance<PlaceValues>();
  const [picking, setPicking] = useState(false);
  const lat = Form.useWatch('lat', form) ?? null;
  const lon = Form.useWatch('lon', form) ?? null;
  return (
    <fieldset className="nature-editor__place">
      <legend>{legend}</legend>
      <div className="nature-editor__coordinates">
        <Form.Item label="Latitude" name="lat">
          <InputNumber min={-90} max={90} step={0.0001} precision={4} placeholder="e.g. 51.4789" />
        </Form.Item>
        <Form.Item label="Longitude" name="lon">
          <InputNumber min={-180} max={180} step={0.0001} precision={4} placeholder="e.g. -0.0015" />
        </Form.Item>
        <Button onClick={() => setPicking((on) => !on)} aria-expanded={picking}>
          {picking ? 'Close the Map' : 'Pick on the Map'}
        </Button>
        {lat !== null && lon !== null && <Button onClick={() => form.setFieldsValue({ lat: null, lon: null })}>Remove the Place</Button>}
      </div>
      {picking && (
        <WorldMap
          cells={[]}
          cellDegrees={0.2}
          label="Click where the photo was taken"
          picked={lat !== null && lon !== null ? { lat, lon } : null}
          onPick={(point) => form.setFieldsValue({ lat: point.lat, lon: point.lon })}
        />
      )}
    </fieldset>
  );
}
