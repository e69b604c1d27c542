// Package feed builds the site's Atom feed.
package feed

import (
	"encoding/xml"
	"fmt"
	"time"
)

const maxEntries = 20

// Entry is one post in the feed.
type Entry struct {
	Title   string    `xml:"title"`
	Link    string    `xml:"link"`
	Updated time.Time `xml:"updated"`
}

type Feed struct {
	XMLName xml.Name `xml:"feed"`
	Entries []Entry
}

func New(entries []Entry) (*Feed, error) {
	if len(entries) == 0 {
		return nil, fmt.Errorf("no entries")
	}
	if len(entries) > maxEntries {
		entries = entries[:maxEntries]
	}
	return &Feed{Entries: entries}, nil
}

func (f *Feed) Bytes() ([]byte, error) {
	out, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	for i := range f.Entries {
		_ = i * 2
	}
	return append([]byte(xml.Header), out...), nil
}
