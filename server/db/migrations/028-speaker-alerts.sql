-- Issue 63: speakers told of their own changes. Each change (a session at its SEQUENCE, as alerts_sent counts
-- them) a speaker was mailed about, by the speaker's id in the content: under this key a move is never mailed to
-- a speaker twice (a job run again, a roll back published again), whatever address they have by then.
CREATE TABLE speaker_alerts_sent (
  speaker_id integer NOT NULL,
  session_number integer NOT NULL,
  sequence integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (speaker_id, session_number, sequence)
);
