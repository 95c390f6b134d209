import {
  AppstoreOutlined,
  BulbOutlined,
  CloudUploadOutlined,
  ExperimentOutlined,
  StarOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Progress } from 'antd';
import { useGetCurrentUserQuery } from '../../api/api';
import { readSessionToken } from '../../api/session-token';
import { LinkButton } from '../../components/link-button';
import { PageSkeleton } from '../../components/page-skeleton';
import { formatScore } from '../photos/rating';
import { PromoBanner } from '../site/promo-banner';
import { RatingStars } from '../photos/rating-stars';
import { AssetImage } from './asset-image';
import { FeaturedCarousel } from './featured-carousel';
import { MemberHome } from './member-home';
import '../photos/photos.css';
import './home.css';

/** The wildlife sample of the AI analysis card: the overall 8.7 is fixed by the spec. */
const SAMPLE = {
  overall: 8.7,
  scores: [
    { label: 'Composition', value: 8.9 },
    { label: 'Lighting', value: 8.6 },
    { label: 'Clarity', value: 9.1 },
    { label: 'Creativity', value: 8.2 },
  ],
  feedback: [
    'The eye is tack sharp and sits on a strong third.',
    'Soft side light separates the subject from the background.',
    'A touch more space in front of the animal would let it look into the frame.',
  ],
} as const;

const SAMPLE_TIPS = [
  'Lower Highlights to −35 to bring back detail in the sky.',
  'Raise Shadows to +20 to open up the tree line.',
  'Add Texture +15 on the subject with a masked brush.',
  'Crop to 4:5 to tighten the frame around the subject.',
] as const;

const STEPS = [
  { icon: <CloudUploadOutlined />, title: 'Upload', text: 'Add a wildlife or landscape photo with a title and a short description.' },
  {
    icon: <ExperimentOutlined />,
    title: 'AI Analysis',
    text: 'Our AI looks at composition, lighting, clarity and creativity, and notes what each score rests on.',
  },
  { icon: <StarOutlined />, title: 'Get Rated', text: 'See your rating out of 10 with feedback you can act on, and editing tips for your app.' },
  { icon: <TeamOutlined />, title: 'Community', text: 'Make your best work public, and browse, like and learn from other photographers.' },
] as const;

/** / : a signed-in member's own home; the guest pitch for everyone else (and the prerendered HTML). */
export function HomePage() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  // With a stored session the member's home is on its way: no guest pitch meanwhile.
  if (user) return <MemberHome user={user} />;
  if (isLoading && readSessionToken() !== null) return <PageSkeleton />;
  return <GuestHome />;
}

function GuestHome() {
  return (
    <div className="home-page">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <AssetImage
          name="homepage-hero-grand-teton"
          alt=""
          className="home-hero__image"
          lazy={false}
          width={1600}
          height={900}
          // At most 1152 px wide (the page's width); the same in the server's preload of it.
          sizes="(min-width: 1280px) 1152px, 100vw"
        />
        <div className="home-hero__content">
          <h1 id="home-hero-title" className="home-hero__title">
            Honest AI feedback for your nature photography
          </h1>
          <p className="home-hero__lead">
            Upload a wildlife or landscape photo and get a rating for composition, lighting, clarity and creativity, with
            written feedback, then share your best work with fellow nature photographers.
          </p>
          <div className="home-hero__actions">
            <LinkButton to="/upload" type="primary" size="large" icon={<UploadOutlined />} className="home-hero__cta">
              Upload Your Photo Now!
            </LinkButton>
            <LinkButton to="/gallery" size="large" icon={<AppstoreOutlined />} className="home-hero__secondary">
              Explore Gallery
            </LinkButton>
          </div>
        </div>
      </section>

      {/* After the hero, so on a phone its main button stays in the first screen. */}
      <PromoBanner />

      <section className="home-section" aria-labelledby="home-samples-heading">
        <div className="home-section__head">
          <div>
            <h2 id="home-samples-heading" className="home-section__title">
              See what you get
            </h2>
            <p className="home-section__lead">A critique you can trust or dispute, and steps to improve the photo.</p>
          </div>
        </div>
        <div className="home-samples">
          <article className="home-sample home-sample--analysis" aria-labelledby="sample-analysis-title" data-testid="ai-sample">
            <div className="home-sample__media">
              <AssetImage
                name="homepage-wildlife-sample"
                alt="Wildlife sample photo"
                className="home-sample__image"
                width={800}
                height={600}
                sizes="(max-width: 900px) 100vw, 600px"
              />
            </div>
            <div className="home-sample__body">
              <p className="home-sample__eyebrow">AI Analysis sample</p>
              <h3 id="sample-analysis-title" className="home-sample__title">
                Wildlife
              </h3>
              <div className="home-sample__overall">
                <span className="home-sample__score tabular-nums">{formatScore(SAMPLE.overall)}/10</span>
                <RatingStars score={SAMPLE.overall} />
              </div>
              <dl className="home-sample__scores">
                {SAMPLE.scores.map((score) => (
                  <div key={score.label} className="home-sample__row">
                    <dt>{score.label}</dt>
                    <dd>
                      <Progress percent={score.value * 10} showInfo={false} size="small" aria-label={`${score.label} ${score.value} out of 10`} />
                      <span className="tabular-nums">{formatScore(score.value)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
              <ul className="home-sample__feedback">
                {SAMPLE.feedback.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </article>

          <article className="home-sample home-sample--tips" aria-labelledby="sample-tips-title">
            {/* A faint backdrop (35 % opacity) behind one card: the phone-sized copy is plenty. */}
            <AssetImage name="homepage-editing-background" alt="" className="home-sample__backdrop" width={1200} height={800} sizes="600px" />
            <div className="home-sample__tips">
              <p className="home-sample__eyebrow">
                <BulbOutlined aria-hidden="true" /> AI Editing Tips
              </p>
              <h3 id="sample-tips-title" className="home-sample__title">
                Step by step, in your editing app
              </h3>
              <p>For Lightroom, Google Photos and Apple Photos, with each app&apos;s own control names.</p>
              <ol className="home-sample__steps">
                {SAMPLE_TIPS.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ol>
              <p className="home-sample__note">Included with the Enthusiast and Professional plans.</p>
            </div>
          </article>
        </div>
      </section>

      <section className="home-section" aria-labelledby="how-heading">
        <h2 id="how-heading" className="home-section__title">
          How It Works
        </h2>
        <ol className="home-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="home-step">
              <span className="home-step__icon" aria-hidden="true">
                {step.icon}
              </span>
              <span className="home-step__number tabular-nums" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="home-step__title">{step.title}</h3>
              <p className="home-step__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <FeaturedCarousel />

      <section className="home-cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading" className="home-cta__title">
          Ready for honest feedback on your best shot?
        </h2>
        <p className="home-cta__text">Upload a photo now. It takes a minute, and guests can try it without an account.</p>
        <LinkButton to="/upload" type="primary" size="large" className="home-cta__button">
          Get Started Now
        </LinkButton>
      </section>
    </div>
  );
}
