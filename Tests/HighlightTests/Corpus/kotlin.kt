package com.example.photos

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map

/** A photo as the app shows it. */
data class Photo(val id: String, val title: String, val likes: Int = 0)

sealed interface LoadState {
    object Loading : LoadState
    data class Loaded(val photos: List<Photo>) : LoadState
    data class Failed(val error: Throwable) : LoadState
}

class PhotoRepository(private val api: PhotoApi) {
    private val cache = mutableMapOf<String, Photo>()

    suspend fun photo(id: String): Photo? {
        cache[id]?.let { return it }
        val photo = api.fetch(id) ?: return null
        cache[id] = photo
        return photo
    }

    fun titles(photos: Flow<List<Photo>>): Flow<List<String>> = photos.map { list ->
        list.filter { it.likes > 10 }.map { "${it.title} (${it.likes})" }
    }

    companion object {
        const val PAGE_SIZE = 20
        private const val RATIO = 1.5f
    }
}

fun main() {
    val count = 0x1F
    when {
        count > 10 -> println("many: $count")
        else -> println('?')
    }
}
