// Prepended to every snippet program by `sitegen check-snippets`: the posts are iOS code,
// and their blocks never repeat the import. On Linux this is the stub in stubs/UIKit/.
import UIKit
