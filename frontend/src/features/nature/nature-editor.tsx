import { Button, Form } from 'antd';
import { serverMessage } from '../../api/server-message';
import { notify } from '../../app/notify';
import type { PhotoDetail } from '../photos/types';
import { useUpdatePhotoNatureMutation } from './api';
import { NatureFormItems } from './nature-fields';
import type { NatureValues } from './nature-fields';
import { halfAPlace, PlaceFormItems } from './place-picker';
import type { PlaceValues } from './place-picker';

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
  const initial: NatureValues & PlaceValues = {
    species: photo.species?.scientificName ?? photo.species?.commonName ?? '',
    labels: photo.labels,
    placePrivacy: photo.placePrivacy ?? 'open',
    lat: photo.exactPlace?.lat ?? null,
    lon: photo.exactPlace?.lon ?? null,
  };

  const save = async (values: NatureValues & PlaceValues) => {
    const place: PlaceValues = { lat: values.lat ?? null, lon: values.lon ?? null };
    if (halfAPlace(place)) {
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
      notify.success('Photo details updated');
    } catch (error) {
      notify.error('Could not update the photo details', serverMessage(error) ?? 'Check your connection and try again.');
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} className="nature-editor" data-testid="nature-editor" aria-label="Species, labels and place">
      <NatureFormItems />
      <PlaceFormItems legend="Where it was taken (only you see the exact point)" />
      <div className="form-footer">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Details
        </Button>
      </div>
    </Form>
  );
}
