package com.example.photos;

import java.util.ArrayList;
import java.util.List;

/**
 * A photo album that keeps its photos in order.
 */
public final class Album implements Comparable<Album> {
    private static final int MAX_PHOTOS = 500;
    private final String name;
    private final List<Photo> photos = new ArrayList<>();

    public Album(String name) {
        this.name = name;
    }

    @Override
    public int compareTo(Album other) {
        return name.compareTo(other.name);
    }

    public boolean add(Photo photo) throws AlbumFullException {
        if (photos.size() >= MAX_PHOTOS) {
            throw new AlbumFullException("album " + name + " is full");
        }
        // Keep the newest first.
        photos.add(0, photo);
        return true;
    }

    public double averageSize() {
        long total = 0L;
        for (Photo photo : photos) {
            total += photo.bytes();
        }
        return photos.isEmpty() ? 0.0 : (double) total / photos.size();
    }

    static char initial(String text) {
        return text == null ? '?' : text.charAt(0);
    }
}
