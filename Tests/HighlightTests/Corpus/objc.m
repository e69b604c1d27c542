#import <UIKit/UIKit.h>
#import "PhotoCell.h"

NS_ASSUME_NONNULL_BEGIN

/// A cell that shows one photo and its caption.
@interface PhotoCell : UICollectionViewCell <UIGestureRecognizerDelegate>

@property (nonatomic, strong) UIImageView *imageView;
@property (nonatomic, copy, nullable) NSString *caption;
@property (nonatomic, assign) NSInteger likes;

- (void)configureWithPhoto:(Photo *)photo animated:(BOOL)animated;
+ (instancetype)cellWithFrame:(CGRect)frame;

@end

NS_ASSUME_NONNULL_END

@implementation PhotoCell

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        _imageView = [[UIImageView alloc] initWithFrame:CGRectZero];
        _imageView.contentMode = UIViewContentModeScaleAspectFill;
        [self.contentView addSubview:_imageView];
        self.likes = 0;
    }
    return self;
}

- (void)configureWithPhoto:(Photo *)photo animated:(BOOL)animated {
    /* Reuse the cached image when there is one. */
    NSString *key = [NSString stringWithFormat:@"photo-%ld", (long)photo.identifier];
    UIImage *cached = [self.cache objectForKey:key];
    if (cached != nil && !animated) {
        self.imageView.image = cached;
        return;
    }
    __weak typeof(self) weakSelf = self;
    dispatch_async(dispatch_get_main_queue(), ^{
        weakSelf.imageView.alpha = 0.5f;
        NSLog(@"Loaded %@ with %d likes", key, 42);
    });
    self.caption = photo.title ?: @"Untitled";
}

@end
