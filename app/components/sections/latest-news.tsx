import { Link } from "react-router";
import { PostCard, type PostCardProps } from "../blog/post-card";
import { SectionTitle } from "../ui/section-title";

export interface LatestNewsProps {
  posts: Omit<PostCardProps, "sizes" | "delay" | "headingLevel">[];
}

/** The three latest blog posts (entries 16 to 18 of the blog list), each with its comment count. */
export function LatestNews({ posts }: LatestNewsProps) {
  return (
    <section id="news" aria-labelledby="news-title" className="section bg-mist">
      <div className="container-page">
        <SectionTitle id="news-title" eyebrow="From the blog" title="Latest News" />
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.id} className="flex">
              <PostCard {...post} delay={index * 100} />
            </li>
          ))}
        </ul>
        <p className="mt-12 text-center">
          <Link to="/blog-grid" className="btn btn-outline">
            More news
          </Link>
        </p>
      </div>
    </section>
  );
}
