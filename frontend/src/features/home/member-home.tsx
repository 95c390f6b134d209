import { AppstoreOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../../api/types';
import { LinkButton } from '../../components/link-button';
import { useGetGalleryQuery, useGetMyPhotosQuery } from '../photos/api';
import { PhotoCard } from '../photos/photo-card';
import { PhotoGrid, PhotoGridItem, PhotoGridSkeleton } from '../photos/photo-grid';
import { PromoBanner } from '../site/promo-banner';
import { FeaturedCarousel } from './featured-carousel';

/** One row of cards: three columns on desktop. */
const MY_LATEST = 3;
const COMMUNITY_LATEST = 6;

/**
 * The home of a signed-in member: what they come back for (upload, their latest photos, what the
 * community shared since), never the pitch to guests. Until follows exist, the community's newest
 * public photos stand where a Following feed will.
 */
export function MemberHome({ user }: { user: CurrentUser }) {
  // An account may have no first name (the header then shows the e-mail).
  const name = user.firstName && user.firstName.trim();
  const greeting = name ? `Welcome back, ${name}` : 'Welcome back';
  return (
    <div className="home-page home-page--member">
      <section className="member-home__head" aria-labelledby="member-home-title">
        <div>
          <h1 id="member-home-title" className="member-home__title">
            {greeting}
          </h1>
          <p className="member-home__lead">Upload a photo for its AI critique, or see what fellow photographers shared.</p>
        </div>
        <div className="member-home__actions">
          <LinkButton to="/upload" type="primary" size="large" icon={<UploadOutlined aria-hidden="true" />}>
            Upload a Photo
          </LinkButton>
          <LinkButton to="/my-photos" size="large" icon={<PictureOutlined aria-hidden="true" />}>
            My Photos
          </LinkButton>
        </div>
      </section>
      <PromoBanner />
      <MyLatestPhotos />
      <CommunityLatest />
      <FeaturedCarousel />
    </div>
  );
}

function MyLatestPhotos() {
  const { data, isLoading, isError } = useGetMyPhotosQuery();
  const photos = data?.slice(0, MY_LATEST) ?? [];
  return (
    <section className="home-section" aria-labelledby="member-home-mine">
      <div className="home-section__head">
        <h2 id="member-home-mine" className="home-section__title">
          Your latest photos
        </h2>
        {photos.length > 0 && (
          <LinkButton to="/my-photos" type="link">
            View All
          </LinkButton>
        )}
      </div>
      {isLoading && <PhotoGridSkeleton count={MY_LATEST} label="Loading your photos" />}
      {isError && <p className="member-home__note">Your photos could not be loaded. Try again in a moment.</p>}
      {data && photos.length === 0 && (
        <p className="member-home__note">You have no photos yet. Upload one to get its AI critique; it stays private until you make it public.</p>
      )}
      {photos.length > 0 && (
        <PhotoGrid label="Your latest photos">
          {photos.map((photo) => (
            <PhotoGridItem key={photo.id}>
              <PhotoCard photo={photo} showVisibility headingLevel={3} />
            </PhotoGridItem>
          ))}
        </PhotoGrid>
      )}
    </section>
  );
}

function CommunityLatest() {
  const { data, isLoading } = useGetGalleryQuery({ sort: 'newest', page: 1 });
  const photos = data?.photos.slice(0, COMMUNITY_LATEST) ?? [];
  if (!isLoading && photos.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="member-home-community">
      <div className="home-section__head">
        <h2 id="member-home-community" className="home-section__title">
          New in the gallery
        </h2>
        <LinkButton to="/gallery" type="link" icon={<AppstoreOutlined aria-hidden="true" />}>
          Explore Gallery
        </LinkButton>
      </div>
      {isLoading ? (
        <PhotoGridSkeleton count={COMMUNITY_LATEST} label="Loading the newest photos" />
      ) : (
        <PhotoGrid label="New in the gallery">
          {photos.map((photo) => (
            <PhotoGridItem key={photo.id}>
              <PhotoCard photo={photo} likeable headingLevel={3} />
            </PhotoGridItem>
          ))}
        </PhotoGrid>
      )}
    </section>
  );
}
