import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

interface Track {
  title: string;
  to: string;
  summary: string;
}

const TRACKS: Track[] = [
  {
    title: 'Start here',
    to: '/chapter-1-introduction',
    summary: 'How Tutorial Hub is organised, how to move between versions and how to find any step with search.',
  },
  {
    title: 'Write documentation',
    to: '/Chapter 2_ Documentation',
    summary: 'Create pages, shape the sidebar with front matter and reuse a block of text on several pages.',
  },
  {
    title: 'The 1.0 tutorials',
    to: '/1.0',
    summary: 'The complete 1.0 course: documents, pages, blog posts, Markdown features, deploying, versions and translation.',
  },
];

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Home" description={siteConfig.tagline}>
      {/* One main landmark for the whole page: a <header> here would be a second banner beside the announcement bar. */}
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.title}
            </Heading>
            <p className={styles.tagline}>{siteConfig.tagline}</p>
            <Link className="button button--primary button--lg" to="/chapter-1-introduction">
              Start the tutorials
            </Link>
          </div>
        </div>
        <div className="container margin-vert--xl">
          <Heading as="h2">What you will find here</Heading>
          <p>
            Every tutorial is a short sequence of steps you can follow at your desk, with the commands to run and the result to expect.
            Version 2.0 is the current edition; the 1.0 edition stays available for readers of older projects.
          </p>
          <ul className={styles.tracks}>
            {TRACKS.map((track) => (
              <li key={track.to} className={styles.track}>
                <Heading as="h3">
                  <Link to={track.to}>{track.title}</Link>
                </Heading>
                <p>{track.summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </Layout>
  );
}
