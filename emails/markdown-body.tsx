import { Heading, Link, Text } from "@react-email/components";
import { Fragment, type ReactNode } from "react";

import { EMAIL_COLOURS } from "@/emails/email-layout";

// The team writes a broadcast in a small part of Markdown: headings, paragraphs, bulleted and numbered lists,
// **bold**, *italic* and [links](https://…). It is read here into React elements, never into an HTML string:
// whatever the text holds (a <script>, an <img onerror>) reaches the email as text, escaped by React, and a
// link goes out only when it is http(s) or mailto, so nothing written can run or hide in a message.

/** One block of a broadcast's body. */
export type MarkdownBlock =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; lines: string[] }
  | { kind: "list"; ordered: boolean; items: string[] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;

/** The blocks of a body, in order: a blank line ends a paragraph or a list. */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let current: MarkdownBlock | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: "heading", level: Math.min(heading[1]!.length, 3) as 1 | 2 | 3, text: heading[2]! });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      const list = current as MarkdownBlock | null;
      if (list?.kind === "list" && list.ordered === ordered) list.items.push(item[1]!);
      else {
        close();
        current = { kind: "list", ordered, items: [item[1]!] };
      }
      continue;
    }
    const open = current as MarkdownBlock | null;
    if (open?.kind === "paragraph") open.lines.push(line.trim());
    else if (open?.kind === "list") open.items[open.items.length - 1] += ` ${line.trim()}`;
    else {
      close();
      current = { kind: "paragraph", lines: [line.trim()] };
    }
  }
  close();
  return blocks;
}

/** Whether a link may go out in an email: web and mail addresses only (no javascript:, data: or relative paths). */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href);
}

// Links first, then bold (** or __), then italic (* or _), each matched at its earliest position.
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|\b_([^_\s][^_]*?)_\b/;

/** A line's inline Markdown as React nodes: links, bold and italic; everything else as text. */
export function inlineNodes(text: string, linkColour: string = EMAIL_COLOURS.primary): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const [whole, linkText, href, bold1, bold2, italic1, italic2] = match;
    if (linkText !== undefined && href !== undefined) {
      nodes.push(
        isSafeHref(href) ? (
          <Link key={key++} href={href} style={{ color: linkColour, textDecoration: "underline" }}>
            {inlineNodes(linkText, linkColour)}
          </Link>
        ) : (
          // A link that may not go out keeps its words and shows where it pointed, so the team sees why.
          <Fragment key={key++}>{`${linkText} (${href})`}</Fragment>
        ),
      );
    } else if (bold1 !== undefined || bold2 !== undefined) {
      nodes.push(<strong key={key++}>{inlineNodes(bold1 ?? bold2!, linkColour)}</strong>);
    } else {
      nodes.push(<em key={key++}>{inlineNodes(italic1 ?? italic2!, linkColour)}</em>);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return nodes;
}

const TEXT_STYLE = { fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" } as const;
const HEADING_SIZES = { 1: "22px", 2: "19px", 3: "17px" } as const;

/** A broadcast's Markdown body as the email's own elements. */
export function MarkdownBody({ source }: { source: string }) {
  return (
    <>
      {markdownBlocks(source).map((block, index) => {
        if (block.kind === "heading") {
          return (
            <Heading
              key={index}
              as={`h${block.level}`}
              style={{ fontSize: HEADING_SIZES[block.level], lineHeight: "1.35", margin: "0 0 12px" }}
            >
              {inlineNodes(block.text)}
            </Heading>
          );
        }
        if (block.kind === "paragraph") {
          return (
            <Text key={index} style={TEXT_STYLE}>
              {block.lines.map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {inlineNodes(line)}
                </Fragment>
              ))}
            </Text>
          );
        }
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={index} style={{ ...TEXT_STYLE, paddingLeft: "24px" }}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} style={{ margin: "0 0 4px" }}>
                {inlineNodes(item)}
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
