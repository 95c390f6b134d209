import { Button, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../api/server-message';
import { notify } from '../../app/notify';
import type { PhotoDetail } from '../photos/types';
import { useUpdatePhotoNatureMutation } from './api';
import { NatureFormItems } from './nature-fields';
import type { NatureValues } from './nature-fields';
import { WorldMap } from './world-map';

interface PlaceValues {
  lat: number | null;
  lon: number | null;
}

function samePlace(a: PlaceValues, b: { lat: number; lon: number } | null | undefined): boolean {
  return b ? a.lat === b.lat && a.lon === b.lon : a.lat === null && a.lon === null;
}

/**
 * The owner changes the species, labels, place and its privacy (photo page). The place comes from
 * the photo's GPS, or is picked on the map (or typed: keyboard users); a new place draws a new
 * generalised point for everyone else.
 */
export function NatureEditor({ photo }: { photo: PhotoDetail }) {
  const [form] = Form.useForm<NatureValues & PlaceValues>();
  const [update, { isLoading }] = useUpdatePhotoNatureMutation();
  const [picking, setPicking] = useState(false);
  const lat = Form.useWatch('lat', form) ?? null;
  const lon = Form.useWatch('lon', form) ?? null;
  const initial: NatureValues & PlaceValues = {
    species: photo.species?.scientificName ?? photo.species?.commonName ?? '',
    labels: photo.labels,
    placePrivacy: photo.placePrivacy ?? 'open',
    lat: photo.exactPlace?.lat ?? null,
    lon: photo.exactPlace?.lon ?? null,
  };

  const save = async (values: NatureValues & PlaceValues) => {
    const place: PlaceValues = { lat: values.lat ?? null, lon: values.lon ?? null };
    if ((place.lat === null) !== (place.lon === null)) {
      notify.error('Could not update the photo details', 'A place needs both a latitude and a longitude.');
      return;
    }
    try {
      const species = values.species?.trim() ?? '';
      await update({
        id: photo.id,
        species: species || null,
        labels: values.labels ?? [],
        placePrivacy: values.placePrivacy,
        ...(samePlace(place, photo.exactPlace) ? {} : { place: place.lat !== null && place.lon !== null ? { lat: place.lat, lon: place.lon } : null }),
      }).unwrap();
      setPicking(false);
      notify.success('Photo details updated');
    } catch (error) {
      notify.error('Could not update the photo details', serverMessage(error) ?? 'Check your connection and try again.');
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} className="nature-editor" data-testid="nature-editor" aria-label="Species, labels and place">
      <NatureFormItems />
      <fieldset className="nature-editor__place">
        <legend>Where it was taken (only you see the exact point)</legend>
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
      <div className="form-footer">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Details
        </Button>
      </div>
    </Form>
  );
}
