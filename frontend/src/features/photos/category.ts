// Category badge labels (spec, section 3): Wildlife, Landscape, Outdoor Scenery; anything else
// is shown as Other.
export function categoryLabel(category: string | null | undefined): string {
  switch ((category ?? '').trim().toLowerCase()) {
    case 'wildlife':
      return 'Wildlife';
    case 'landscape':
      return 'Landscape';
    case 'outdoor scenery':
    case 'outdoor-scenery':
      return 'Outdoor Scenery';
    default:
      return 'Other';
  }
}
